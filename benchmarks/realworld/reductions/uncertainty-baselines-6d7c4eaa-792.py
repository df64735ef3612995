"""Two draws from a loop-carried key in exclusive branches: only the last is reported.

Reduces uncertainty-baselines-6d7c4eaa-792: each acquisition round does
`rng, rng_loop = split(rng)` and then draws from `rng` in the `uniform` branch and,
the same way, in a fallback branch; the next round splits `rng` again. The loop's
JXP302 names one draw per key, the last one (line 807 in the tree), so the first
branch's draw, which the fix changed too, is not reported.
"""
import jax


def acquire(rng, method, rounds):
    scores = []
    for _ in range(rounds):
        if method == "uniform":
            rng, rng_loop = jax.random.split(rng)
            scores.append(jax.random.uniform(rng))  # JXP302
        elif method == "density":
            rng, rng_loop = jax.random.split(rng)
            scores.append(jax.random.uniform(rng))
    return scores
