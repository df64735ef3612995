from rt import *
n = "c501_eqx_module_carry_same_class"; m, _, _ = load(n)
try:
    rnn = m.RNN(2, 3, jax.random.key(0))
    hs, steps = rnn(jnp.ones((5, 2)))
    verdict(n, hs.shape != (5, 3) or int(steps) != 5, f"hs {hs.shape} steps {int(steps)}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:100]}")
