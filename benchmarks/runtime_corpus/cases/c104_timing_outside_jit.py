# expect: none
import time
import logging
import jax
import jax.numpy as jnp

logger = logging.getLogger(__name__)


@jax.jit
def step(w, x):
    return w - 0.1 * jnp.mean(x, axis=0)


def train(w, batches):
    for i, x in enumerate(batches):
        t0 = time.perf_counter()
        w = step(w, x)
        w.block_until_ready()
        logger.info("step %d took %.4fs loss=%s", i, time.perf_counter() - t0, float(w.sum()))
        print("step", i, "w0", float(w[0]))
    return w
