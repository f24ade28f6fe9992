"""Loading files safely: YAML that keeps positions, `extends`, the schemas, and untrusted JSON."""
