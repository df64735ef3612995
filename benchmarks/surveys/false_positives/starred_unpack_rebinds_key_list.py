# Seen in patrick-kidger/quax tests/test_lora.py:113 (JXP301, a test).
# `key, *subkeys = jr.split(key, 3)` is written twice in a row: each line splits the new
# `key` and binds `subkeys` to a fresh list of two keys. The second `subkeys[1]` is a new
# key, not the one the first LoraArray consumed. The analysis keeps the old `subkeys`
# entries when a starred target rebinds the name.
# Checked under jax 0.10.2: `python starred_unpack_rebinds_key_list.py` passes.
import jax.numpy as jnp
import jax.random as jr


def two_pairs(key):
    key, *subkeys = jr.split(key, 3)
    a = jr.normal(subkeys[0], (2,)) + jr.normal(subkeys[1], (2,))
    key, *subkeys = jr.split(key, 3)
    b = jr.normal(subkeys[0], (2,)) + jr.normal(subkeys[1], (2,))  # must not be reported (JXP301)
    return a, b


if __name__ == "__main__":
    a, b = two_pairs(jr.key(0))
    assert not jnp.allclose(a, b)
    print("ok")
