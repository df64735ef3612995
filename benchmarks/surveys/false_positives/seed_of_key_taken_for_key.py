# Seen in ethanluoyc/magi examples/offline/offline_td3_bc.py:131 (JXP301, JXP302; an
# example).
# `FLAGS.seed` is an int: the script seeds NumPy and the gym environment with it
# (`env.seed(FLAGS.seed)`), makes its JAX key with `jax.random.PRNGKey(FLAGS.seed)`, and
# passes it to `evaluate(...)` after every evaluation period, which seeds a fresh evaluation
# environment with `seed + seed_offset` (a fixed evaluation seed, on purpose). Because a key
# is made from `FLAGS.seed`, the analysis takes the integer itself for a key, so seeding two
# environments with it reads as key reuse, in a loop as reuse in every iteration.
# Checked under jax 0.10.2: `python seed_of_key_taken_for_key.py` passes.
import jax
import numpy as np


class Flags:
    seed = 0


FLAGS = Flags()


class Env:
    def seed(self, seed):
        self.rng = np.random.default_rng(seed)


def evaluate(seed, seed_offset=100):
    eval_env = Env()
    eval_env.seed(seed + seed_offset)
    return float(eval_env.rng.normal())


def main():
    env = Env()
    env.seed(FLAGS.seed)
    key = jax.random.PRNGKey(FLAGS.seed)
    scores = []
    for _ in range(3):
        scores.append(evaluate(FLAGS.seed))  # must not be reported (JXP301, JXP302)
    return key, scores


if __name__ == "__main__":
    key, scores = main()
    assert scores[0] == scores[1] == scores[2]  # the same evaluation episodes each period
    print("ok")
