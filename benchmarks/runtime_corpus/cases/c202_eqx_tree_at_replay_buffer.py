# expect: none
import equinox as eqx
import jax
import jax.numpy as jnp


class ReplayBuffer(eqx.Module):
    obs: jax.Array
    rewards: jax.Array
    ptr: jax.Array
    capacity: int = eqx.field(static=True)

    @classmethod
    def create(cls, capacity, obs_dim):
        return cls(jnp.zeros((capacity, obs_dim)), jnp.zeros(capacity), jnp.array(0), capacity)

    def add(self, obs, reward):
        i = self.ptr % self.capacity
        return eqx.tree_at(
            lambda b: (b.obs, b.rewards, b.ptr),
            self,
            (self.obs.at[i].set(obs), self.rewards.at[i].set(reward), self.ptr + 1),
        )


@eqx.filter_jit
def add(buffer, obs, reward):
    return buffer.add(obs, reward)
