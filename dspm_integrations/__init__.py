"""Framework adapters for DSPM (LangChain, LlamaIndex)."""
