"""The MAP trainer (fortuna/prob_model/posterior/map/map_trainer.py): the key goes to the loss."""
from .trainer import JittedMixin, TrainerABC


class MAPTrainer(TrainerABC):
    def training_loss_step(self, loss_fun, params, batch, rng):
        loss, aux = loss_fun(params, batch, rng=rng, train=True)
        return loss, aux


class JittedMAPTrainer(JittedMixin, MAPTrainer):
    pass
