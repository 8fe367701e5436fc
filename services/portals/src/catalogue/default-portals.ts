/**
 * The portals every organization's catalogue starts with: the carriers' provider portals a US dental office
 * logs in to for eligibility and benefits. Ids are the ones the rest of the product names (AI_PORTALS:
 * dnoaconnect, dentalofficetoolkit, cigna). Company admins edit the catalogue afterwards.
 */
import { type Portal } from '@dv/contracts';

export const DEFAULT_PORTALS: readonly Portal[] = [
  {
    id: 'dnoaconnect',
    name: 'DNoA Connect',
    url: 'https://www.dnoaconnect.com',
    carriers: [
      'Dental Network of America',
      'Blue Cross and Blue Shield of Illinois',
      'Blue Cross and Blue Shield of Texas',
      'Blue Cross and Blue Shield of Oklahoma',
      'Blue Cross and Blue Shield of New Mexico',
      'Blue Cross and Blue Shield of Montana',
    ],
  },
  {
    id: 'dentalofficetoolkit',
    name: 'Dental Office Toolkit',
    url: 'https://www.dentalofficetoolkit.com',
    carriers: [
      'Delta Dental of Michigan',
      'Delta Dental of Ohio',
      'Delta Dental of Indiana',
      'Delta Dental of Tennessee',
      'Delta Dental of North Carolina',
      'Delta Dental of Arkansas',
    ],
  },
  {
    id: 'cigna',
    name: 'Cigna for Health Care Professionals',
    url: 'https://cignaforhcp.cigna.com',
    carriers: ['Cigna Dental', 'Cigna Dental PPO', 'Cigna Dental Care DHMO', 'Cigna Global Health Benefits'],
  },
  {
    id: 'deltadental',
    name: 'Delta Dental Provider Tools',
    url: 'https://www.deltadentalins.com/dentists',
    carriers: [
      'Delta Dental of California',
      'Delta Dental Insurance Company',
      'Delta Dental of Pennsylvania',
      'Delta Dental of New York',
      'Delta Dental of Delaware',
      'Delta Dental of West Virginia',
      'Delta Dental of the District of Columbia',
    ],
  },
  {
    id: 'metdental',
    name: 'MetLife Dental (MetDental)',
    url: 'https://www.metdental.com',
    carriers: ['MetLife', 'MetLife PDP Plus', 'MetLife Federal Dental (FEDVIP)'],
  },
  {
    id: 'availity-aetna',
    name: 'Aetna Dental on Availity',
    url: 'https://www.availity.com',
    carriers: ['Aetna Dental', 'Aetna Dental PPO', 'Aetna DMO', 'Aetna Medicare Advantage Dental'],
  },
  {
    id: 'unitedconcordia',
    name: 'United Concordia Dental',
    url: 'https://www.unitedconcordia.com/dental-insurance/dentist',
    carriers: ['United Concordia Dental', 'TRICARE Dental Program', 'United Concordia Medicare Advantage'],
  },
  {
    id: 'humana',
    name: 'Humana Dental Providers',
    url: 'https://www.humana.com/provider',
    carriers: ['Humana Dental', 'CompBenefits', 'Humana Medicare Advantage Dental'],
  },
  {
    id: 'guardiananytime',
    name: 'Guardian Anytime',
    url: 'https://www.guardiananytime.com',
    carriers: ['Guardian', 'Guardian DentalGuard Preferred', 'Guardian Managed DentalGuard', 'Guardian Indemnity'],
  },
  {
    id: 'uhcdental',
    name: 'UnitedHealthcare Dental',
    url: 'https://www.uhcdental.com',
    carriers: [
      'UnitedHealthcare Dental',
      'UnitedHealthcare Medicare Advantage Dental',
      'Dental Benefit Providers',
      'Golden Rule Insurance',
    ],
  },
  {
    id: 'principal',
    name: 'Principal Dental Providers',
    url: 'https://www.principal.com/dentalproviders',
    carriers: ['Principal Financial Group', 'Principal Life Insurance Company'],
  },
  {
    id: 'sunlife',
    name: 'Sun Life Dental Providers',
    url: 'https://www.sunlife.com/us/en/providers/dental',
    carriers: ['Sun Life Financial', 'Sun Life Assurance Company of Canada (U.S.)', 'DentalHealth Alliance'],
  },
  {
    id: 'ameritas',
    name: 'Ameritas Dental Providers',
    url: 'https://www.ameritas.com/dental-providers',
    carriers: ['Ameritas Life Insurance Corp.', 'Ameritas Life Insurance Corp. of New York'],
  },
];
