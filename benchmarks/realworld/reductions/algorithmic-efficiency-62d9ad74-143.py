"""`np.array` of a value computed from pmapped arguments by a method of `self`.

Reduces algorithmic-efficiency-62d9ad74-143: the pmapped method's loss comes from
`self.loss_fn(...)["summed"]` on traced logits; converting it with `np.array` needs a
concrete value, which a tracer does not have.
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np


class Workload:
    def loss_fn(self, labels, logits):
        return {"summed": jnp.sum((labels - logits) ** 2)}

    @functools.partial(jax.pmap, axis_name="batch", in_axes=(None, 0, 0), static_broadcasted_argnums=(0,))
    def _eval_batch_pmapped(self, params, batch):
        logits = batch["inputs"] @ params
        summed_loss = self.loss_fn(batch["targets"], logits)["summed"]
        return np.array(summed_loss, dtype=np.float64)  # JXP403
