# Seen in probml/JSL jsl/hmm/hmm_logspace_lib.py:172, 202, 214 and 331 (4 JXP402).
# The jitted HMM routines take `params`, a `flax.struct.dataclass` HMM whose fields are
# distrax distributions (`trans_dist: distrax.Distribution`, ...), and read
# `n_states = obs_dist.batch_shape[0]` to build `jnp.zeros((n_states,))`,
# `alpha_0.reshape(1, n_states)` and `one_hot(state, n_states)`. A distrax distribution is a
# pytree whose leaves are its parameter arrays; `batch_shape` is a property computed from
# their shapes, a tuple of Python ints under jit, so these shapes are static. The analysis
# takes an attribute of a traced value whose class it cannot see (distrax's; here a class
# made with `type()`) as traced; a shape-like property (`batch_shape`, `event_shape`) of a
# distribution is static whatever the distribution. (Written as a `class` statement in
# this file, the property is read and nothing is reported.)
# Needs flax. Checked under jax 0.10.2, flax 0.12.8:
# `python distribution_batch_shape_static.py` passes.
import flax
import jax
import jax.numpy as jnp


def make_categorical_class():
    # stands in for distrax.Categorical (a class of another package): a pytree of its
    # logits, batch_shape a property computed from their shape
    def init(self, logits):
        self.logits = logits

    cls = type("Categorical", (), {
        "__init__": init, "batch_shape": property(lambda d: d.logits.shape[:-1])})
    jax.tree_util.register_pytree_node(
        cls, lambda d: ((d.logits,), None), lambda _, ch: cls(*ch))
    return cls


Categorical = make_categorical_class()


@flax.struct.dataclass
class HMM:
    trans_dist: object
    init_dist: object


@jax.jit
def forwards(params, num_steps_like):
    trans_dist, init_dist = params.trans_dist, params.init_dist
    n_states = trans_dist.batch_shape[0]
    beta = jnp.zeros((n_states,))  # must not be reported (JXP402)

    def step(carry, _):
        return jax.nn.logsumexp(carry[:, None] + trans_dist.logits, axis=0), carry

    _, hist = jax.lax.scan(step, init_dist.logits + beta, num_steps_like)
    return hist.reshape(-1, n_states)  # must not be reported (JXP402)


if __name__ == "__main__":
    params = HMM(Categorical(jnp.zeros((3, 3))), Categorical(jnp.zeros(3)))
    assert forwards(params, jnp.arange(4)).shape == (4, 3)
    print("ok")
