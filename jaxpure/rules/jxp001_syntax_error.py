from jaxpure.rules.base import Rule


class SyntaxErrorRule(Rule):
    """
    ## What it does
    Reports a file that does not parse, at the position of the error.

    ## Why is this bad?
    A file that does not parse cannot be analysed; every other rule is silent on it.

    ## Known problems
    Only files that mention JAX (``jax``, ``flax``, ``equinox``, ``nnx``, or a configured
    transform's package) are parsed; a syntax error elsewhere is left to other tools.

    ## Example
    ```python
    import jax
    def f(x) return x
    ```

    ## Use instead
    ```python
    import jax
    def f(x): return x
    ```

    ## Fix safety
    No fix is offered.
    """

    code = "JXP001"
    name = "syntax-error"
    summary = "The file does not parse"
    VALID = ("import jax\n",)
    INVALID = ("import jax\ndef f(x) return x\n",)
