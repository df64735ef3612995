import jax

def f(x):
    x.at[0].set(1.0)
    return x
