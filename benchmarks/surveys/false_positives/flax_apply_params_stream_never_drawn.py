# Where seen: EdanToledo/Stoix stoix/systems/q_learning/ff_rainbow.py:541, JXP301:
#   `get_distribution_act_fn(config, eval_q_network.apply, rngs)` "reuses PRNG key rngs['params'],
#   the same key as q_net_key, consumed on line 535 by learner_setup(...)".
# What the code does: rngs = {"params": q_net_key, "noise": noise_key}; learner_setup inits the
#   network with q_net_key; the eval act_fn then calls `apply(params, obs, rngs=rngs)` with the
#   already-initialised params (get_distribution_act_fn only builds that closure).
# Why the finding is wrong: flax's apply with existing params never draws from the "params" rng
#   stream (self.param only calls its initialiser when the parameter is missing); only the
#   "noise" stream is drawn. The 'params' key is never used a second time.
# What the analysis misses: an rngs dict entry passed to Module.apply for a stream the apply
#   does not draw (the "params" stream once params exist) is not a use of that key.
# Left untaught (lead, this session): the rngs dict reaches `apply` through a closure a
# factory returns; knowing that the "params" stream is never drawn (params exist, no
# `mutable`) at that apply needs the factory followed, for one finding so far.
import flax.linen as nn
import jax
import jax.numpy as jnp


class Noisy(nn.Module):
    @nn.compact
    def __call__(self, x):
        w = self.param("w", nn.initializers.normal(), (x.shape[-1], 2))
        return x @ w + jax.random.normal(self.make_rng("noise"), (2,))


def learner_setup(keys, x):
    key, net_key, noise_key = keys
    rngs = {"params": net_key, "noise": noise_key}
    net = Noisy()
    params = net.init(rngs, x)
    return net, params


def get_act_fn(apply_fn, rngs=None):
    def act_fn(p, obs):
        return apply_fn(p, obs, rngs=rngs)

    return act_fn


def main(seed=0):
    key, net_key, noise_key = jax.random.split(jax.random.PRNGKey(seed), 3)
    rngs = {"params": net_key, "noise": noise_key}
    x = jnp.ones((1, 3))
    net, params = learner_setup((key, net_key, noise_key), x)
    act = get_act_fn(net.apply, rngs)
    return act(params, x)


if __name__ == "__main__":
    print(main())
