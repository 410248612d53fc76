"""A short tour of cty for Python: types, values, unknowns, marks, sets and paths.

Run it with ``python3 examples/tour.py``.
"""

import cty

# Types describe values; str() is the HCL type expression, friendly_name() go-cty's wording.
service = cty.Object({"name": cty.String, "port": cty.Number, "tags": cty.Set(cty.String)})
print("type:", service, "-", service.friendly_name())
# ...and can be written as HCL type expressions.
assert cty.parse_type("object({name = string, port = number, tags = set(string)})") is service

# Values pair a type with an immutable payload. Strings are NFC-normalised.
web = cty.object_val({
    "name": cty.string_val("web"),
    "port": cty.number_int_val(80),
    "tags": cty.set_val([cty.string_val("prod"), cty.string_val("edge"), cty.string_val("prod")]),
})
print("value:", web)
print("tags in go-cty's order:", [t.as_string() for t in web.get_attr("tags")])

# Numbers are exact, with go-cty's precision rules.
third = cty.number_int_val(1).divide(cty.number_int_val(3))
print("1/3 at 64 bits:", third.go_string())
print("0.1 + 0.2 =", cty.parse_number_val("0.1").add(cty.parse_number_val("0.2")).go_string())

# Unknown values stand for results not yet known; operations propagate them.
later = cty.unknown_val(cty.Number)
print("80 + unknown is known?", web.get_attr("port").add(later).is_known())
print("unknown AND false:", cty.unknown_val(cty.Bool).and_(cty.False_).go_string())

# Marks ride along through every operation.
secret = cty.string_val("hunter2").mark("sensitive")
print("marks survive equals():", secret.equals(cty.string_val("x")).marks())

# Paths locate values inside values.
path = cty.Path().get_attr("tags")
print("path", path.format(), "->", path.apply(web).length_int(), "elements")
