"""cty.function: functions of cty values, with go-cty's rules for their arguments.

A Function is made from its parameters, a callback that decides the return type from the
arguments, and an implementation. Calling it checks the arguments the way go-cty's
function.Function.Call does (their number, null, dynamic types, conformance to the parameter
types), answers unknown arguments with an unknown result, and takes marks off the arguments
and puts them on the result, so the implementation sees only known, unmarked values unless
a parameter asks for more.

>>> from cty.function import Function, Parameter, static_return_type
>>> double = Function(params=[Parameter("n", cty.Number)], type=static_return_type(cty.Number),
...                   impl=lambda args, ty: args[0].multiply(cty.number_int_val(2)))
>>> double(cty.number_int_val(21))
cty.number_val(42)
>>> double(cty.string_val("21"))
Traceback (most recent call last):
...
cty.function._errors.ArgError: number required, but received string
>>> double.call([cty.string_val("21")], convert_args=True)
cty.parse_number_val('42')
"""

from ._errors import ArgError, FunctionError, PanicError
from ._function import (
    Function,
    ImplFunc,
    TypeFunc,
    refine_not_null,
    static_return_type,
    unpredictable,
)
from ._parameter import Parameter

__all__ = [
    "ArgError",
    "Function",
    "FunctionError",
    "ImplFunc",
    "PanicError",
    "Parameter",
    "TypeFunc",
    "refine_not_null",
    "static_return_type",
    "unpredictable",
]
