"""gouji_check_options: in this house the place points never rise from first place to sixth."""

from itertools import pairwise

from gouji import OptionError, hookimpl


@hookimpl
def gouji_check_options(options):
    points = options["place_points"]
    if any(higher < lower for higher, lower in pairwise(points)):
        raise OptionError(f"option 'place_points': this house's points fall from first place to sixth, "
                          f"not {points}")
