# Seen in rlouf/mcx mcx/inference/adaptation/stan.py:149-155 (JXP301).
# A Stan warmup step draws the chain's move with `kernel(rng_key, chain_state)` and then
# updates the warmup state with `jax.lax.switch(stage, (first_stage_update,
# second_stage_update), (rng_key, chain_state, chain_info, warmup_state))`. Both stage updates
# unpack the operand tuple (`rng_key, chain_state, chain_info, warmup_state = state`) and never
# read the key: it rides along in the tuple, nothing draws from it a second time. The analysis
# knows a key passed as the whole operand and ignored by every branch
# (fixtures/surveys/key_operand_unused_by_cond_branches.py), not a key that is one element of
# a tuple operand the branches unpack.
# Checked under jax 0.10.2: `python key_in_operand_tuple_unused_by_branches.py` passes.
import jax
import jax.numpy as jnp


def first_stage_update(state):
    rng_key, position, acceptance, warmup = state
    return warmup + 0.1 * (acceptance - 0.8)


def second_stage_update(state):
    rng_key, position, acceptance, warmup = state
    return warmup + 0.01 * jnp.sum(position)


def kernel(rng_key, position):
    proposal = position + jax.random.normal(rng_key, position.shape)
    return proposal, jnp.exp(-jnp.sum(proposal ** 2))


@jax.jit
def warmup_step(rng_key, stage, position, warmup_state):
    position, acceptance = kernel(rng_key, position)
    warmup_state = jax.lax.switch(
        stage, (first_stage_update, second_stage_update),
        (rng_key, position, acceptance, warmup_state))
    return position, warmup_state


@jax.jit
def update_with_key(other_key, stage, position, acceptance, warmup_state):
    return jax.lax.switch(
        stage, (first_stage_update, second_stage_update),
        (other_key, position, acceptance, warmup_state))


if __name__ == "__main__":
    position, warmup_state = jnp.ones(2), jnp.float32(0.0)
    keys = jax.random.split(jax.random.key(0), 4)
    for stage in (0, 1):
        step_key, other_key = keys[2 * stage], keys[2 * stage + 1]
        new_position, new_warmup = warmup_step(step_key, stage, position, warmup_state)
        acceptance = jnp.exp(-jnp.sum(new_position ** 2))
        # the key in the operand changes nothing: any other key gives the same warmup state
        assert jnp.allclose(new_warmup, update_with_key(other_key, stage, new_position,
                                                        acceptance, warmup_state))
    print("ok")
