"""Questions rules ask at a node, over the Context (layer 6: above context.py, which
imports none of them). Rules reach them through the face, ``jaxpure.analysis``."""
