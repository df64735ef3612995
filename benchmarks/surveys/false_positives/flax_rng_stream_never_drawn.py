# Reproduction (set18a) of a FALSE JXP301 finding.
# Where seen: google/evojax @ acf5252, evojax/policy/seq2seq.py:196
#   `params = model.init({'params': key, 'lstm': key}, encoder_shape, decoder_shape)['params']`
# What the code does: the Seq2seq Flax model is initialised with one key given to two rng
#   streams; the 'lstm' stream is a leftover of an old Flax example: nothing in the module
#   calls self.make_rng('lstm') (initialize_carry takes a dummy jax.random.PRNGKey(0)), so only
#   the 'params' stream is ever drawn.
# Why the finding is wrong: the rule's claim ("the second use draws the same or correlated
#   random numbers") does not hold: the 'lstm' copy of the key is never drawn, so there is one
#   use. (When both streams ARE drawn the rule is right: with Flax's default
#   flax_fix_rng_separator=False, make_rng('params') and make_rng('dropout') from the same key
#   give identical keys - checked with flax 0.12.8.) This file runs under JAX + Flax.
# What the analysis misses: whether the module ever draws from a named rng stream passed in
#   the init/apply rngs dict. Harmless to split; low priority, looks like a one-off.
#   Related to fixtures/surveys/init_key_unread_by_module.py (taught: a key given to `init` of
#   a module the caller builds, which never draws it) and false_positives/
#   haiku_apply_rng_unread_by_module.py; here the key is given twice in one rngs dict and
#   only one of the two streams is ever drawn.
# Left untaught (lead, eighteenth set): a one-off (a leftover of an old Flax example);
# knowing that no module reached from `Net` calls `make_rng("lstm")` needs every submodule's
# class, across modules, and a stream name is often built at run time.
import jax
import jax.numpy as jnp
import flax.linen as nn


class Net(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(4)(x)  # draws only from the 'params' stream


model = Net()
key = jax.random.PRNGKey(0)
params = model.init({'params': key, 'lstm': key}, jnp.ones((1, 3)))['params']  # JXP301 here

if __name__ == "__main__":
    print(jax.tree_util.tree_map(jnp.shape, params))
