"""The Flask layer: routes by concern, forms, delivery, security and display words.

Only this package (and `create_app`, `cli`) imports flask or wtforms.
"""
