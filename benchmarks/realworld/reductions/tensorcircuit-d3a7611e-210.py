"""A gate's tensor converted to NumPy through the project's backend in a method users jit.

Reduces tensorcircuit-d3a7611e-210: `backend.numpy(...)` is the project's wrapper of
`np.asarray`; circuits are built inside `tc.backend.jit`-ed functions, where the gate
tensor is a tracer.
"""
import numpy as np
import tensorcircuit as tc
from tensorcircuit.cons import backend


class MPSCircuit(tc.AbstractCircuit):
    def apply_single_gate(self, gate, index):
        tensor = backend.numpy(gate.tensor)  # JXP403
        if np.max(np.abs(tensor @ tensor.T.conj() - np.eye(tensor.shape[0]))) > 1e-6:
            self.position(index)
        self._mps.apply_one_site_gate(gate.tensor, index)
