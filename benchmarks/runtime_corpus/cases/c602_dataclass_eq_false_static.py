# expect: none
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@dataclasses.dataclass(eq=False)
class Tokenizer:
    vocab_size: int
    pad_id: int = 0


@dataclasses.dataclass(unsafe_hash=True)
class Schedule:
    warmup: int
    peak: float


@partial(jax.jit, static_argnames=("tok", "sched"))
def embed_and_scale(ids, table, step, tok, sched):
    onehot = jax.nn.one_hot(ids, tok.vocab_size)
    mask = (ids != tok.pad_id)[..., None]
    lr = sched.peak * jnp.minimum(1.0, step / sched.warmup)
    return (onehot @ table) * mask * lr


TOKENIZER = Tokenizer(vocab_size=4)


def run(ids, table, step):
    return embed_and_scale(ids, table, step, tok=TOKENIZER, sched=Schedule(warmup=10, peak=1.0))
