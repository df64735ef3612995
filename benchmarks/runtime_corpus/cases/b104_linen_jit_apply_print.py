import flax.linen as nn
import jax
import jax.numpy as jnp


class Policy(nn.Module):
    actions: int

    @nn.compact
    def __call__(self, obs):
        logits = nn.Dense(self.actions)(nn.relu(nn.Dense(16)(obs)))
        print("policy logits", logits)  # expect: JXP104
        return logits


policy = Policy(3)
act = jax.jit(policy.apply)
