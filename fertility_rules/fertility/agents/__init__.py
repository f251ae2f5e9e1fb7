"""fertility/agents"""
