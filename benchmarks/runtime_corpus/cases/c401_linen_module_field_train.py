# expect: none
import flax.linen as nn
import jax
import jax.numpy as jnp


class Classifier(nn.Module):
    num_classes: int = 3
    train: bool = False
    dropout_rate: float = 0.0

    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(16)(x))
        if self.train and self.dropout_rate > 0:
            x = nn.Dropout(self.dropout_rate, deterministic=False)(x)
        return nn.Dense(self.num_classes)(x)


train_model = Classifier(train=True, dropout_rate=0.5)
eval_model = Classifier(train=False)


@jax.jit
def train_logits(params, x, key):
    return train_model.apply(params, x, rngs={"dropout": key})


@jax.jit
def eval_logits(params, x):
    return eval_model.apply(params, x)
