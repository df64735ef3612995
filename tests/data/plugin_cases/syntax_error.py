import jax
def f(x) return x
