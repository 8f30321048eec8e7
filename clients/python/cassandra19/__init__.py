__all__ = ['ttypes', 'constants', 'Cassandra']
