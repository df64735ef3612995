import jax
import jax.numpy as jnp


class StepLR:
    def __init__(self, base_lr, step_size, gamma):
        self.base_lr, self.step_size, self.gamma = base_lr, step_size, gamma
        self.last_epoch = 0

    def step(self):
        self.last_epoch += 1

    def get_lr(self):
        return self.base_lr * self.gamma ** (self.last_epoch // self.step_size)


scheduler = StepLR(0.1, step_size=2, gamma=0.5)


@jax.jit
def train_step(w, x, y):
    g = jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    lr = scheduler.get_lr()
    scheduler.step()  # expect: JXP103
    return w - lr * g
