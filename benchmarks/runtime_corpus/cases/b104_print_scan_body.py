import jax
import jax.numpy as jnp


@jax.jit
def rollout(state, actions):
    def body(s, a):
        s = s + a
        print("state", s)  # expect: JXP104
        return s, s

    final, traj = jax.lax.scan(body, state, actions)
    return final, traj
