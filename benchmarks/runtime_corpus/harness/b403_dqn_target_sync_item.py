from rt import *
n = "b403_dqn_target_sync_item"; m, _, _ = load(n)
p = {"w1": jnp.ones((3, 4)) * 0.1, "w2": jnp.ones((4, 2)) * 0.1}
batch = (jnp.ones((4, 3)), jnp.zeros(4, jnp.int32), jnp.ones(4), jnp.ones((4, 3)), jnp.zeros(4))
e = raises(m.learner_step, p, p, jnp.int32(0), batch)
verdict(n, e is not None, ename(e))
