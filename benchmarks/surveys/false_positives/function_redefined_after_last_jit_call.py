# Seen in ucl-bug/jaxdf docs/notebooks/api_discretization.ipynb (code cell 15, row 14;
# JXP104).
# The notebook jits `f(u)`, which calls the global `derivative`, and calls it once in the
# same cell (`print(f(u))`). Four cells later it redefines `derivative` for its own field
# classes with `@operator` implementations that `print('Applying derivative to a generic
# Continuous field')` to show which one the dispatch picks, and calls `derivative(sin)`
# eagerly. `f` is never called again: its one trace, made before the redefinition, looked
# up the old `derivative`, so the new one never runs under jit and its prints run on every
# eager call, as the notebook means them to. The analysis resolves the call in `f` to the
# last definition of the name in the module and reports the print as a trace-time side
# effect of `f`. (fixtures/surveys/function_redefined_under_same_name.py taught a name
# redefined before any traced call; here every call of the jitted caller comes before the
# redefinition. A call of `f` after it, with new shapes, would retrace with the new
# function.) The same in a module run as a script; the notebook is a .ipynb.
# Checked under jax 0.10.2: `python function_redefined_after_last_jit_call.py` passes.
import jax
import jax.numpy as jnp

calls = []


def derivative(x):
    return x * 2.0


@jax.jit
def f(u):
    return derivative(u) + 0.3


first = f(jnp.ones(2))


def derivative(x):  # noqa: F811
    print("Applying derivative to a generic field")  # must not be reported (JXP104)
    calls.append("eager")  # must not be reported (JXP103)
    return x * 3.0


z = derivative(jnp.ones(2))
z = derivative(z)


if __name__ == "__main__":
    assert jnp.allclose(first, jnp.full(2, 2.3))
    assert calls == ["eager", "eager"]
    assert jnp.array_equal(z, jnp.full(2, 9.0))
    print("ok")
