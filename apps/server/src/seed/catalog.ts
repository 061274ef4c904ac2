import { fractionToBp, ProductFlag } from '@store/core';
import type { DbOrTx } from '../db/client';
import { pricingPlans, products, settings } from '../db/schema';

type PlanSeed = Partial<typeof pricingPlans.$inferInsert> & {
  product: number;
  planName: string;
  monthlyFeeCents: number;
};

const PRODUCTS = [
  {
    product: ProductFlag.ATE,
    name: 'Pro',
    title: 'Pro',
    description:
      'The document-processing engine: turns templates and data into finished documents at volume, on your own servers. Licensed per engine, with designer seats for the template designer.',
  },
  {
    product: ProductFlag.SCOUT,
    name: 'Flex',
    title: 'Flex',
    description:
      'Usage-based document generation: a monthly allowance of RTUs (1 per page or per document) with overage billed by use, on as many machines as you need.',
  },
  {
    product: ProductFlag.ARTIST,
    name: 'Artist',
    title: 'Artist',
    description:
      'The desktop designer for building and testing document templates, with a monthly page allowance.',
  },
  {
    product: ProductFlag.JAVELIN,
    name: 'Manager',
    title: 'Manager',
    description:
      'The Manager server: schedules, distributes and monitors document jobs across your engines. Licensed per server through an offline license.',
  },
  {
    product: ProductFlag.JAVA_ENGINE,
    name: 'JavaEngine',
    title: 'Java Engine',
    description: 'The engine as a Java library, embedded in your JVM applications. Licensed per engine.',
  },
  {
    product: ProductFlag.DOT_NET_ENGINE,
    name: 'DotNetEngine',
    title: '.NET Engine',
    description: 'The engine as a .NET library for your C# and VB.NET applications. Licensed per engine.',
  },
  {
    product: ProductFlag.RESTFUL_ENGINE,
    name: 'RestfulEngine',
    title: 'RESTful Engine',
    description: 'The engine as a self-hosted REST service: any language, any platform. Licensed per engine.',
  },
];

const proPlan = (
  product: number,
  planName: string,
  fee: number,
  designers: number,
  extra: number,
  cores: number,
  sort: number,
  more: Partial<PlanSeed> = {},
): PlanSeed => ({
  product,
  planName,
  monthlyFeeCents: fee * 100,
  numAutoTags: designers,
  allowXtraAutoTag: true,
  xtraAutoTagPerMonthCents: extra * 100,
  numberCores: cores,
  numberThreads: cores * 2,
  sortOrder: sort,
  ...more,
});

const PLANS: PlanSeed[] = [
  proPlan(ProductFlag.ATE, 'Pro Standard', 250, 1, 45, 4, 1, {
    description: 'One engine on up to 4 cores, one designer seat included.',
  }),
  proPlan(ProductFlag.ATE, 'Pro Business', 450, 2, 40, 8, 2, {
    description: 'Up to 8 cores per engine, two designer seats included.',
  }),
  proPlan(ProductFlag.ATE, 'Pro Enterprise', 900, 5, 35, 32, 3, {
    description: 'Up to 32 cores per engine, five designer seats, priority support.',
  }),
  proPlan(ProductFlag.ATE, 'Pro Classic', 199, 1, 50, 2, 4, {
    description: 'The 2023 plan: two cores, one designer seat. No longer offered.',
    isAvailable: false,
  }),
  {
    product: ProductFlag.SCOUT,
    planName: 'Flex 2,500',
    description: '2,500 RTUs a month, then 8¢ per RTU.',
    monthlyFeeCents: 149_00,
    baseRtus: 2_500,
    overagePerRtuMicros: 80_000,
    numAutoTags: 1,
    allowXtraAutoTag: true,
    xtraAutoTagPerMonthCents: 39_00,
    sortOrder: 1,
  },
  {
    product: ProductFlag.SCOUT,
    planName: 'Flex 25,000',
    description: '25,000 RTUs a month, then 5¢ per RTU.',
    monthlyFeeCents: 899_00,
    baseRtus: 25_000,
    overagePerRtuMicros: 50_000,
    numAutoTags: 3,
    allowXtraAutoTag: true,
    xtraAutoTagPerMonthCents: 35_00,
    sortOrder: 2,
  },
  {
    product: ProductFlag.SCOUT,
    planName: 'Flex 100,000',
    description: '100,000 RTUs a month, then 2.5¢ per RTU; batch mode.',
    monthlyFeeCents: 2_499_00,
    baseRtus: 100_000,
    overagePerRtuMicros: 25_000,
    numAutoTags: 5,
    allowXtraAutoTag: true,
    xtraAutoTagPerMonthCents: 30_00,
    isBatchMode: true,
    sortOrder: 3,
  },
  {
    product: ProductFlag.ARTIST,
    planName: 'Artist Solo',
    description: 'One designer, 500 pages a month for previews and tests.',
    monthlyFeeCents: 39_00,
    baseRtus: 500,
    overagePerRtuMicros: 40_000,
    numAutoTags: 1,
    sortOrder: 1,
  },
  {
    product: ProductFlag.ARTIST,
    planName: 'Artist Studio',
    description: 'One designer, 5,000 pages a month.',
    monthlyFeeCents: 99_00,
    baseRtus: 5_000,
    overagePerRtuMicros: 20_000,
    numAutoTags: 1,
    sortOrder: 2,
  },
  proPlan(ProductFlag.JAVELIN, 'Manager Standard', 600, 2, 45, 8, 1, {
    description: 'One Manager server, two designer seats.',
  }),
  proPlan(ProductFlag.JAVELIN, 'Manager Enterprise', 1200, 5, 40, 32, 2, {
    description: 'One Manager server for large clusters, five designer seats.',
  }),
  proPlan(ProductFlag.JAVA_ENGINE, 'Java Engine Standard', 300, 1, 45, 4, 1, {
    description: 'The engine in your JVM, up to 4 cores.',
  }),
  proPlan(ProductFlag.JAVA_ENGINE, 'Java Engine Business', 550, 2, 40, 16, 2, {
    description: 'Up to 16 cores, two designer seats.',
  }),
  proPlan(ProductFlag.DOT_NET_ENGINE, '.NET Engine Standard', 300, 1, 45, 4, 1, {
    description: 'The engine in your .NET applications, up to 4 cores.',
  }),
  proPlan(ProductFlag.DOT_NET_ENGINE, '.NET Engine Business', 550, 2, 40, 16, 2, {
    description: 'Up to 16 cores, two designer seats.',
  }),
  proPlan(ProductFlag.RESTFUL_ENGINE, 'RESTful Engine Standard', 350, 1, 45, 4, 1, {
    description: 'The engine as a REST service, up to 4 cores.',
  }),
  proPlan(ProductFlag.RESTFUL_ENGINE, 'RESTful Engine Business', 650, 2, 40, 16, 2, {
    description: 'Up to 16 cores, two designer seats.',
  }),
];

export const BILLING_CYCLE_DISCOUNTS = { yearlyDiscount: 0.1, quarterlyDiscount: 0.05, monthlyDiscount: 0 };

/** The demo catalogue: every product of spec §1, at least one plan of each kind, one retired plan. */
export async function seedCatalog(db: DbOrTx): Promise<void> {
  await db.insert(products).values(PRODUCTS.map((p, i) => ({ ...p, sortOrder: i + 1, eulaPdf: 'eula.pdf' })));
  await db.insert(pricingPlans).values(PLANS);
  await db.insert(settings).values({
    key: 'billingCycleDiscounts',
    value: {
      yearlyBp: fractionToBp(BILLING_CYCLE_DISCOUNTS.yearlyDiscount),
      quarterlyBp: fractionToBp(BILLING_CYCLE_DISCOUNTS.quarterlyDiscount),
      monthlyBp: fractionToBp(BILLING_CYCLE_DISCOUNTS.monthlyDiscount),
    },
  });
}
