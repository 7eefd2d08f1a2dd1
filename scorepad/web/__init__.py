"""The Flask layer: one module per page family, forms, delivery, security, the words pages show.

Only this package (and `create_app`, `cli`) imports flask or wtforms.
"""
