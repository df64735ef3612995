# Must not report (JXP603). Not a survey finding: it showed while writing the reproduction
# closure_rebinding_not_between_calls.py. The outermost iterable of a comprehension is evaluated
# once, before the loop (`[r for r in make()]` calls make() once), as the iterable of a `for`
# statement is; the jit inside make() compiles once. Checked: `python
# comprehension_iterable_evaluated_once.py` under jax 0.10.2 (one entry in the jit cache).
import jax

made = {}


def make():
    @jax.jit
    def f(x):
        return x + 1

    made["f"] = f
    return [f(1.0), f(2.0)]


if __name__ == "__main__":
    results = [float(r) for r in make()]
    assert results == [2.0, 3.0] and made["f"]._cache_size() == 1
