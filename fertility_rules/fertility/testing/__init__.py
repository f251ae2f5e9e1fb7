"""fertility/testing"""
