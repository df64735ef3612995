# Must not report (JXP401). Seen in pyro-ppl/numpyro numpyro/primitives.py:56 (0b935d4880):
# `if msg.get("stop"):` on a Python dict whose "stop" entry is a Python bool set by handlers.
# `msg["stop"]` is understood as static; `msg.get("stop")` is taken as traced.
# Checked: `python dict_get_static_flag.py` under jax 0.10.2 (runs under jit).
import jax
import jax.numpy as jnp


def apply_stack(msg, handlers):
    for handler in handlers:
        handler(msg)
        if msg.get("stop"):
            break
    return msg["value"]


def double(msg):
    msg["value"] = msg["value"] * 2
    msg["stop"] = True


@jax.jit
def sample(x):
    msg = {"value": x, "stop": False}
    return apply_stack(msg, [double, double])


if __name__ == "__main__":
    assert sample(jnp.float32(3.0)) == 6.0
