import random
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("alpha",))
def mixup(images, labels_onehot, perm, alpha=0.4):
    lam = random.betavariate(alpha, alpha)  # expect: JXP104
    mixed_x = lam * images + (1.0 - lam) * images[perm]
    mixed_y = lam * labels_onehot + (1.0 - lam) * labels_onehot[perm]
    return mixed_x, mixed_y
