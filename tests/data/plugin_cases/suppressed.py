import jax


def f(x):
    x.at[0].set(1.0)  # noqa: JXP202
    x.at[1].set(1.0)  # noqa: JXP2
    x.at[2].set(1.0)  # noqa
    x.at[3].set(1.0)  # jaxpure: ignore[JXP202]
    x.at[4].set(1.0)  # jaxpure: ignore
    x.at[5].set(1.0)  # noqa: E501
    return x
