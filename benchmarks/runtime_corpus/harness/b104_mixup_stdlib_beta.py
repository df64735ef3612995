from rt import *
n = "b104_mixup_stdlib_beta"; m, _, _ = load(n)
x = jnp.stack([jnp.zeros(2), jnp.ones(2)]); y = jnp.eye(2); perm = jnp.array([1, 0])
lams = set()
for _ in range(5):
    mx, _ = m.mixup(x, y, perm)
    lams.add(round(float(mx[0, 0]), 6))
verdict(n, len(lams) == 1, f"distinct mixup lambdas over 5 batches: {sorted(lams)}")
