"""The chat turn (seed 003): persona, plan, parallel actions, reflection, answer, receipt."""
