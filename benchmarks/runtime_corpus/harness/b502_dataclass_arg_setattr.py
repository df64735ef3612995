from rt import *
n = "b502_dataclass_arg_setattr"; m, _, _ = load(n)
s = m.TrainState(jnp.ones(2), jnp.array(0))
for _ in range(3):
    s.params = m.train_step(s, jnp.ones(2))
verdict(n, int(s.step) != 3, f"state.step after 3 jitted steps: {int(s.step)} (eager: 3)")
