"""The effect language: grammar, AST, static types, the builtins table, and the compiler to closures."""
