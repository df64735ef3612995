# Seen in dibyaghosh/jaxrl_m jaxrl_m/vision/data_augmentations.py:246-252 (JXP302, four
# findings: b_rng, c_rng, s_rng, h_rng).
# SimCLR colour jitter: `for idx in order:` (order is `range(4)` or a random permutation of
# `jnp.arange(4)`) hands each of four keys to a closure made by `_make_cond(fn, idx=k)`, a
# different constant k for each key. The closure runs `lax.cond(... & (i == idx), args,
# draw_fn, args, identity_fn)` with the loop value as `i`: the drawing branch is taken only
# on the iteration whose value is k, and the values of the loop are distinct, so each key is
# drawn from on exactly one iteration; the other branch ignores its key.
# Left untaught (s15loops): the notion itself is sound (a test `loop value == constant`
# over a loop whose values are distinct, range or a permutation of a range, holds on at most
# one iteration; the walker already knows it for a literal list, flow/first_iteration.py),
# but this case needs it across a chain the analysis does not follow: the key travels in a
# tuple into a factory-made closure, the constant is the factory's parameter bound per call
# site, the test is one conjunct of a lax.cond predicate inside the closure, and the loop's
# iterable is bound on two exclusive branches (`range(4)` / `permutation(arange(4))`).
# Teaching it means tracking factory-parameter constants into closures and a lax.cond
# branch's use of its operand per iteration, more than one rule-neutral notion can carry
# soundly and cheaply here.
# Checked under jax 0.10.2: `python key_drawn_under_cond_of_one_loop_value.py` passes.
import jax
import jax.numpy as jnp


def _brightness(x, rng, delta):
    return x + jax.random.uniform(rng, (), minval=-delta, maxval=delta)


def _contrast(x, rng, delta):
    return x * jax.random.uniform(rng, (), minval=1 - delta, maxval=1 + delta)


def color_jitter(image, rng, shuffle=True):
    perm_rng, b_rng, c_rng = jax.random.split(rng, 3)

    def _make_cond(fn, idx):
        def identity_fn(x, unused_rng, unused_param):
            return x

        def cond_fn(args, i):
            return jax.lax.cond(i == idx, lambda a: fn(*a), lambda a: identity_fn(*a), args)

        return cond_fn

    brightness_cond = _make_cond(_brightness, idx=0)
    contrast_cond = _make_cond(_contrast, idx=1)
    if shuffle:
        order = jax.random.permutation(perm_rng, jnp.arange(2, dtype=jnp.int32))
    else:
        order = range(2)
    for idx in order:
        image = brightness_cond((image, b_rng, 0.1), idx)  # must not be reported (JXP302)
        image = contrast_cond((image, c_rng, 0.1), idx)  # must not be reported (JXP302)
    return image


if __name__ == "__main__":
    out = jax.jit(color_jitter)(jnp.ones((2, 2)), jax.random.key(0))
    assert out.shape == (2, 2)
    print(out)
