import jax


def f(x):
    x = x.at[0].set(1.0)
    return x.at[1].add(2.0)
