"""fertility/document"""
