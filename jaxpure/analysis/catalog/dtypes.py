"""What JAX and NumPy names say of a value's dtype: the calls whose result is never of an
integer dtype, and the dtype classes a test of integer-ness names. Tables only.
"""

from __future__ import annotations

# Calls whose result has a floating dtype whatever the dtype of their arguments (checked
# under jax 0.10: `jax.nn.one_hot(jnp.array([0, 1]), 2)` is float32), unless a dtype is
# passed: each with the number of positional arguments before its `dtype` parameter (None
# for a function that has none).
FLOAT_RESULT_CALLS: dict[str, int | None] = {
    "jax.nn.one_hot": 2, "jax.nn.softmax": None, "jax.nn.log_softmax": None,
    "jax.random.normal": 2, "jax.random.uniform": 2, "jax.random.gumbel": 2,
    "jax.numpy.zeros": 1, "jax.numpy.ones": 1, "jax.numpy.mean": 2,
    "jax.numpy.exp": None, "jax.numpy.log": None, "jax.numpy.sqrt": None,
    "jax.numpy.tanh": None,
}
# Calls returning their argument's value, dtype included
DTYPE_KEEPING_CALLS = frozenset({"jax.lax.stop_gradient"})
# `issubdtype(x, T)`: the functions, and the classes T that mean "an integer dtype"
SUBDTYPE_TESTS = frozenset({"jax.numpy.issubdtype", "numpy.issubdtype", "jax.dtypes.issubdtype"})
INTEGER_DTYPES = frozenset(
    f"{namespace}.{name}" for namespace in ("jax.numpy", "numpy")
    for name in ("integer", "signedinteger", "unsignedinteger", "int8", "int16", "int32",
                 "int64", "uint8", "uint16", "uint32", "uint64")
) | {"builtins.int"}
# The dtype scalar types a parameter's default may name (`dtype=jnp.float32`): a dtype is
# never a tracer, jit refuses one as an argument unless it is static
DTYPE_SCALARS = frozenset(
    f"{namespace}.{name}" for namespace in ("jax.numpy", "numpy")
    for name in ("bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                 "uint64", "float16", "float32", "float64", "bfloat16", "complex64",
                 "complex128", "float8_e4m3fn", "float8_e5m2")
)
