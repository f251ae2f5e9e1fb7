"""fertility"""
