"""Formats that leave the process: records of games, the wire form of observations, their JSON Schemas.

Everything here is read from strangers, so it is bounded and validated before it is trusted.
"""
