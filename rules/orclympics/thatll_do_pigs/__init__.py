"""That'll do Pigs (seed 000, V): the boar race and the Piglet.

Work in progress (issue 12): the Circuit is built (`circuit`); the engine is not yet, so the
package exposes no `GAME` and the registry does not offer it.
"""
