from rt import *
n = "b103_eager_scan_body_env_steps"; m, _, _ = load(n)
for _ in range(3):
    m.rollout(jnp.ones(5))
c = m.counters
verdict(n, c["env_steps"] != 3, f"counters={c}; scan body traced once across 3 eager rollouts (one per episode expected: 3)")
