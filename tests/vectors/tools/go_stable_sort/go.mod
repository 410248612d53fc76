module gostablesort

go 1.21
