import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax


class LM(nn.Module):
    vocab: int = 11

    @nn.compact
    def __call__(self, tokens):
        return nn.Dense(self.vocab)(nn.Embed(self.vocab, 8)(tokens))


model = LM()


@jax.jit
def eval_step(params, tokens, targets):
    logits = model.apply(params, tokens)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()
    return {"loss": loss, "perplexity": np.exp(loss)}  # expect: JXP403
