# Where seen: FLAIROx/JaxMARL jaxmarl/environments/smax/heuristic_enemy_smax_env.py:177, JXP301:
#   `expanded_state_seq.append((key, state.state, viz_actions))` "reuses PRNG key `key` consumed
#   on line 170 by `self.step_env(key, state, actions, get_state_sequence=True)`".
# What the code does: expand_state_seq replays a recorded episode for the visualizer; each
#   (key, state, actions) record is appended to a list, and the renderers (smax_env.py
#   init_render/update_render) unpack `_, state, actions = state` and discard the key.
# Why the finding is wrong: appending the key to a list is not a draw, and nothing downstream
#   draws from the stored copy; no random numbers are repeated.
# What the analysis misses: putting a key into a data record (tuple appended to a list) is
#   storage, not a consumption; only a later draw from that stored key would be a reuse.
# Left untaught (lead, this session): a key appended to a list record is a use unless every
# reader of the record is seen; here the renderer, in another module, discards it.
import jax
import jax.numpy as jnp


def step_env(key, state, action):
    return state + action + jax.random.normal(key, ())


def render(record):
    _, state, action = record
    return float(state), int(action)


def expand_state_seq(state_seq):
    expanded = []
    for key, state, action in state_seq:
        key, _ = jax.random.split(key)
        new_state = step_env(key, state, action)
        expanded.append((key, new_state, action))
    return expanded


if __name__ == "__main__":
    seq = [(jax.random.PRNGKey(i), jnp.float32(i), i) for i in range(3)]
    print([render(r) for r in expand_state_seq(seq)])
