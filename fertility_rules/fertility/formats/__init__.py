"""fertility/formats"""
